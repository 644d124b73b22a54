// Writes .gz and .br next to every compressible file in dist, so the server can send them as they
// are (@fastify/static preCompressed) instead of compressing on every request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, extname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const DIST = fileURLToPath(new URL('../dist', import.meta.url));
const EXTENSIONS = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json']);

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (EXTENSIONS.has(extname(entry.name))) yield path;
  }
}

let files = 0;
let rawBytes = 0;
let gzipBytes = 0;
let brotliBytes = 0;
for await (const path of walk(DIST)) {
  const source = await readFile(path);
  const gzip = gzipSync(source, { level: 9 });
  const brotli = brotliCompressSync(source, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: (await stat(path)).size,
    },
  });
  await writeFile(`${path}.gz`, gzip);
  await writeFile(`${path}.br`, brotli);
  files += 1;
  rawBytes += source.length;
  gzipBytes += gzip.length;
  brotliBytes += brotli.length;
  if (process.env.PRECOMPRESS_VERBOSE)
    console.log(relative(DIST, path), source.length, gzip.length, brotli.length);
}
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
  `precompress: ${files} files, ${kb(rawBytes)} → gzip ${kb(gzipBytes)}, brotli ${kb(brotliBytes)}`,
);
