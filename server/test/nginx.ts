import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { NGINX_PATH } from '../../support/provision.ts';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Debian's nginx in front of the app as the shipped files set it up: `upstream hoc_vien` with
 * `servers` (each `host:port` with its parameters), and a server on `127.0.0.1:proxyPort` that
 * includes deploy/nginx/hoc-vien-proxy.conf as it is. Its files live in `work`.
 */
export function startTestNginx(
  work: string,
  options: { servers: string[]; proxyPort: number; errorLog?: 'warn' | 'crit' },
): ChildProcess {
  for (const dir of ['temp', 'logs']) fs.mkdirSync(path.join(work, dir), { mode: 0o777 });
  const conf = path.join(work, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `worker_processes 1;
error_log ${work}/logs/error.log ${options.errorLog ?? 'warn'};
pid ${work}/nginx.pid;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${work}/temp/body;
  proxy_temp_path ${work}/temp/proxy;
  fastcgi_temp_path ${work}/temp/fastcgi;
  uwsgi_temp_path ${work}/temp/uwsgi;
  scgi_temp_path ${work}/temp/scgi;
  upstream hoc_vien {
    ${options.servers.map((server) => `server ${server};`).join('\n    ')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${options.proxyPort};
    include ${path.join(root, 'deploy/nginx/hoc-vien-proxy.conf')};
  }
}
`,
  );
  return spawn(NGINX_PATH, ['-p', work, '-c', conf, '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}
