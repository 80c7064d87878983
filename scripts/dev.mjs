// `npm run dev`: the API with reload (tsx watch) on :8080 and Vite's dev server on :5173.
import { spawn } from 'node:child_process';
import { root } from './lib/build.mjs';

const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@mergeboard/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGINT'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
