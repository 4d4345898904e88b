#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { checkLinks } from './check.js';
import { extractLinks } from './extract.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    timeout: { type: 'string', default: '10000' },
    ignore: { type: 'string', multiple: true, default: [] },
    json: { type: 'boolean', default: false },
  },
});

const links = positionals.flatMap((file) => extractLinks(file, readFileSync(file, 'utf8')));
const results = await checkLinks(links, {
  timeoutMs: Number(values.timeout),
  ignore: values.ignore.map((pattern) => new RegExp(pattern)),
});
const broken = results.filter((r) => !r.ok);

if (values.json) {
  console.log(JSON.stringify(results, null, 2));
} else {
  for (const r of broken) console.log(`${r.file}:${r.line}  ${r.url}  ${r.status ?? r.error}`);
  console.log(`${results.length} links checked, ${broken.length} broken`);
}
process.exitCode = broken.length ? 1 : 0;
