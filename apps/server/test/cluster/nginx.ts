/**
 * The reverse proxy of the cluster test: Debian's nginx, run in the foreground on loopback with a
 * configuration of its own in a temporary folder. The directives are those of deploy/nginx.conf.
 */
export function nginxConfig({ dir, port, upstreams }: { dir: string; port: number; upstreams: number[] }): string {
  const proxyHeaders = `
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
      proxy_http_version 1.1;
      proxy_set_header Connection "";`;
  return `
${process.getuid?.() === 0 ? 'user root;' : ''}
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 12m;
  upstream burti_api {
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=3s;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    # The notification stream: no buffering, long reads (the API sends a heartbeat every 25 s).
    location = /api/notifications/stream {
      proxy_pass http://burti_api;${proxyHeaders}
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
    }
    location / {
      proxy_pass http://burti_api;${proxyHeaders}
      # A refused connection (an instance shutting down) goes to the next one; a request already sent is never
      # repeated (nginx does not retry POST once sent), so no write happens twice. An API's own 503 (its database
      # is away) is passed on as it is: another instance would answer the same.
      proxy_next_upstream error timeout;
      proxy_connect_timeout 2s;
    }
  }
}
`;
}
