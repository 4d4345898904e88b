import { readFileSync, writeFileSync } from 'node:fs';
import { trimSessionFile } from './fixture';
const [file, project, home, out] = process.argv.slice(2);
writeFileSync(out, trimSessionFile(file, readFileSync(file, 'utf8'), project, home));
