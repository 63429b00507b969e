/**
 * A share of the matchday fan-out's fans (bench/matchday.ts), in a child process of its own: each fan's match
 * stream is one raw HTTP request on a socket of its own, read as text (nothing parsed). The parent says, over IPC:
 * `open` (the streams to open), `arm` (the marker of the goal about to be posted) and `report` (send when each
 * stream has that goal, or after a wait, the wall-clock time each stream received it).
 */
import { request, type ClientRequest } from 'node:http';

type Command =
  | { type: 'open'; port: number; path: string; tokens: string[] }
  | { type: 'arm'; marker: string }
  | { type: 'report'; after: number };

type Fan = { ready: boolean; got: boolean; tail: string; req?: ClientRequest };

const fans: Fan[] = [];
let opened = 0;
let failed = 0;
/** Why openings failed (a status code or an error's message), counting the tries that were retried. */
const reasons: Record<string, number> = {};
let marker = '';
let times: number[] = [];
const send = (message: unknown) => process.send?.(message);

function openAll(port: number, path: string, tokens: string[]) {
  // A few dozen openings in flight at a time: every one costs the API a read of the match.
  const inFlight = 48;
  let next = 0;
  const progress = setInterval(() => send({ type: 'opened', opened, failed, reasons }), 250);
  const openOne = () => {
    if (next >= tokens.length) return;
    open(tokens[next++]!, 1);
  };
  // A stream refused or cut while opening (the API busy on a shared machine) is tried again, up to three times.
  const open = (token: string, attempt: number) => {
    const fan: Fan = { ready: false, got: false, tail: '' };
    let settled = false;
    const settle = (ok: boolean, why: string) => {
      if (settled) return;
      settled = true;
      if (ok) {
        fans.push(fan);
        opened++;
      } else {
        reasons[why] = (reasons[why] ?? 0) + 1;
        fan.req?.destroy();
        if (attempt < 3) {
          setTimeout(() => open(token, attempt + 1), 500);
          return;
        }
        failed++;
      }
      if (opened + failed === tokens.length) {
        clearInterval(progress);
        send({ type: 'opened', opened, failed, reasons });
      }
      openOne();
    };
    fan.req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        agent: false,
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          settle(false, String(res.statusCode));
          return;
        }
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          const now = Date.now();
          const text = fan.tail + chunk;
          if (!fan.ready && text.includes('event: match')) {
            fan.ready = true;
            settle(true, '');
          }
          if (marker && !fan.got && text.includes(marker)) {
            fan.got = true;
            times.push(now);
          }
          fan.tail = text.slice(-200);
        });
        res.on('error', (error) => settle(false, error.message));
      },
    );
    fan.req.on('error', (error) => settle(false, error.message));
    fan.req.end();
  };
  for (let i = 0; i < inFlight; i++) openOne();
}

process.on('message', (command: Command) => {
  if (command.type === 'open') openAll(command.port, command.path, command.tokens);
  else if (command.type === 'arm') {
    marker = command.marker;
    times = [];
    for (const fan of fans) fan.got = false;
  } else if (command.type === 'report') {
    const armed = marker;
    const deadline = Date.now() + command.after;
    const check = () => {
      if (times.length >= opened || Date.now() > deadline) send({ type: 'received', marker: armed, times });
      else setTimeout(check, 20);
    };
    check();
  }
});
process.on('SIGTERM', () => {
  for (const fan of fans) fan.req?.destroy();
  process.exit(0);
});
