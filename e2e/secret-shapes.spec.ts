/**
 * A file with a password of every command and credential-file shape the scanner knows
 * (e2e/data/secret-shapes.json, every value obviously fake): none reaches the address bar, the
 * links or the bundle while redaction is on, and the dialog names each before anything is copied.
 */
import { readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import { SECRET_LABELS, type SecretKind } from '../src/share/secrets';
import { expect, openFresh, test } from './fixtures';

const FILE = 'e2e/data/secret-shapes.json';

/** Each password of the file under the kind the dialog must name it by, in the file's order. */
const SHAPES: readonly { kind: SecretKind; secret: string }[] = [
  { kind: 'env-password', secret: 'fake-db-pass-0001' },
  { kind: 'env-password', secret: 'fake-smtp-pass-0011' },
  { kind: 'env-password', secret: 'fake-mysql-pwd-0012' },
  { kind: 'env-password', secret: 'fake-passwd-0013' },
  { kind: 'netrc-password', secret: 'fake-netrc-pw-0006' },
  { kind: 'pgpass-password', secret: 'fake-pgpass-pw-0007' },
  { kind: 'curl-credentials', secret: 'fake-curl-pw-0002' },
  { kind: 'password-flag', secret: 'fake-wget-pw-0003' },
  { kind: 'mysql-password', secret: 'fake-mysql-pw-0004' },
  { kind: 'sshpass-password', secret: 'fake-sshpass-pw-0005' },
  { kind: 'kubernetes-bootstrap-token', secret: 'fake01.fake0123456789ab' },
  // base64 of ada:fake-docker-pw-0008; the password itself is checked too, below.
  { kind: 'docker-auth', secret: 'YWRhOmZha2UtZG9ja2VyLXB3LTAwMDg=' },
  // The private line of the key file, base64 of FAKE-putty-private-key-line-0010.
  { kind: 'putty-private-key', secret: 'RkFLRS1wdXR0eS1wcml2YXRlLWtleS1saW5lLTAwMTA=' },
  { kind: 'curl-credentials', secret: 'fake-curl-user-0009' },
];
const DECODED = ['fake-docker-pw-0008', 'FAKE-putty-private-key-line-0010'];

/** A link's payload as text, or '' when its fragment is not a v3 link (the address bar may carry a reference). */
function linkText(link: string): string {
  const data = /#v3\.([A-Za-z0-9_-]+)/.exec(link)?.[1];
  if (!data) return '';
  try {
    return inflateRawSync(Buffer.from(data, 'base64url')).toString('utf8');
  } catch {
    return '';
  }
}

/** The passwords (and the decoded ones) found in `text`, raw or inside a link's payload. */
function leftIn(text: string): string[] {
  const all = `${text}\n${linkText(text)}`;
  return [...SHAPES.map((s) => s.secret), ...DECODED].filter((secret) => all.includes(secret));
}
const ALL = SHAPES.map((s) => s.secret);

test('a file with every password shape: none reaches the address bar, the links or the bundle, and the dialog names each', async ({
  page,
}) => {
  const file = readFileSync(FILE, 'utf8');
  // The file does hold every one of them: the checks below can fail.
  expect(leftIn(file)).toEqual(ALL);

  await openFresh(page);
  await page.getByTestId('file-input').setInputFiles(FILE);
  await expect(page.getByTestId('message-count')).toHaveText('15');
  expect(leftIn(page.url())).toEqual([]);

  await page.getByTestId('share-open').click();
  const findings = page.getByTestId('share-findings');
  await expect(findings.locator('li')).toHaveCount(SHAPES.length);
  expect(
    (await findings.locator('li').evaluateAll((items) => items.map((li) => li.dataset.kind ?? ''))).sort(),
  ).toEqual(SHAPES.map((s) => s.kind).sort());
  expect(leftIn((await findings.textContent()) ?? '')).toEqual([]);

  // Redaction on (the default): neither link nor the bundle carries any of them.
  const redact = page.getByTestId('share-redact-secrets');
  await expect(redact).toBeChecked();
  const full = page.getByTestId('share-full');
  await expect(full).toHaveValue(/#v3\./);
  await expect(page.getByTestId('share-minimal')).toHaveValue(/#v3\./);
  const links = await Promise.all(
    ['share-full', 'share-minimal', 'share-settings'].map((id) => page.getByTestId(id).inputValue()),
  );
  expect(linkText(links[0])).toContain('[redacted]');
  expect(linkText(links[0])).toContain('[redacted private key]');
  expect(links.map(leftIn)).toEqual([[], [], []]);

  const download = page.waitForEvent('download');
  await page.getByTestId('share-bundle').click();
  const bundle = readFileSync(await (await download).path(), 'utf8');
  expect(bundle).toContain('"variant":"full"');
  expect(bundle).toContain('[redacted]');
  expect(leftIn(bundle)).toEqual([]);

  // Redaction off: every finding is still named, by kind and label, above the links and their
  // copy buttons, and the full link would now carry them.
  const redactedLink = links[0];
  await redact.uncheck();
  await expect(full).not.toHaveValue(redactedLink);
  await expect(findings.locator('li')).toHaveCount(SHAPES.length);
  const named = await findings
    .locator('li')
    .evaluateAll((items) => items.map((li) => [li.dataset.kind ?? '', li.textContent ?? '']));
  expect(named.map(([kind]) => kind).sort()).toEqual(SHAPES.map((s) => s.kind).sort());
  for (const [kind, text] of named)
    expect(text.startsWith(`${SECRET_LABELS[kind as SecretKind]} in `)).toBe(true);
  expect(leftIn(named.map(([, text]) => text).join('\n'))).toEqual([]);
  const findingsBeforeCopy = await page.evaluate(() => {
    const list = document.querySelector('[data-testid="share-findings"]');
    const copies = [...document.querySelectorAll('[data-testid="share-dialog"] [data-testid$="-copy"]')];
    return (
      list !== null &&
      copies.length > 0 &&
      copies.every((copy) => list.compareDocumentPosition(copy) & Node.DOCUMENT_POSITION_FOLLOWING)
    );
  });
  expect(findingsBeforeCopy).toBe(true);
  expect(leftIn(await full.inputValue())).toEqual(ALL);

  // The address bar never carried any, whatever the dialog's choice.
  expect(leftIn(page.url())).toEqual([]);
});
