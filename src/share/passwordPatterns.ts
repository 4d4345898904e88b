/**
 * Passwords in the shapes commands and credential files give them: a flag of
 * curl, mysql, sshpass or wget, a `.netrc` or `~/.pgpass` line, a Docker
 * `config.json` `auth`, an environment variable named `…_PASS` or `…_PWD`.
 *
 * Each shape is tied to what names it (the command, the file's layout, the
 * variable's name), never to a bare `-p` or `user:password`: `docker run -u
 * 1000:1000`, `git push -u origin` and `mysql -p` (which prompts) are not
 * passwords, and a list of false alarms teaches people to ignore it.
 */
import { Q, acceptPassword, hideAll, isPlaceholder, type SecretPattern } from './secretMatch';

/**
 * What leads up to a flag: the command, then up to 500 characters of the same command (no new
 * line, pipe, `;` or backquote between: in prose, a backquote ends the command's code span). Matched forward from the command's name, which is rare, rather
 * than looked back for from every `-p`, which is not; kept out of a finding's preview.
 */
const lead = (command: string) =>
  `(?<lead>(?<![A-Za-z0-9_-])${command}(?![A-Za-z0-9_-])[^\\r\\n;&|\`]{0,500}?[ \\t])`;
/** An optional quote before a flag's value, also escaped inside a JSON string. */
const OPEN = `(?:\\\\?["'])?`;
/** A flag's value: up to a space, a quote or a backslash (an escaped quote or newline in JSON). */
const VALUE = `[^\\s"'\\\\\`]+`;
/** A line break, raw or escaped inside a JSON string. */
const LINE_BREAK = '(?:\\r?\\n|\\\\r\\\\n|\\\\n)';
/** Spaces between the words of a `.netrc`: any run of blanks and line breaks. */
const NETRC_GAP = '(?:[ \\t\\r\\n]|\\\\[nrt])+';

/** A flag's value: three characters or more (`-p',` in code is no password) and no placeholder. */
const acceptFlagValue = (secret: string) => secret.length >= 3 && !isPlaceholder(secret);

/** Values that switch something rather than being a password (`USE_PASS=yes`). */
const SWITCH_WORD = /^(?:yes|no|on|off|auto|none|required|optional|enabled|disabled)$/i;

/** The user and password a Docker `auth` holds as base64 of `user:password`, or null. */
export function dockerAuthPassword(value: string): string | null {
  let decoded: string;
  try {
    decoded = atob(value);
  } catch {
    return null;
  }
  const match = /^([\x21-\x39\x3b-\x7e]+):([\x20-\x7e]+)$/.exec(decoded);
  return match ? match[2] : null;
}

export const PASSWORD_PATTERNS: readonly SecretPattern[] = [
  {
    kind: 'docker-auth',
    label: 'Docker registry login (base64 user:password)',
    regex: new RegExp(
      `(?<keep>(?<![A-Za-z0-9_.-])${Q}auth${Q}[ \\t]*:[ \\t]*${OPEN})(?<secret>[A-Za-z0-9+/]{8,}={0,2})(?![A-Za-z0-9+/=])`,
      'g',
    ),
    shownPrefix: 0,
    mask: hideAll,
    accept: (secret) => {
      const password = dockerAuthPassword(secret);
      return password !== null && !isPlaceholder(password);
    },
  },
  {
    kind: 'curl-credentials',
    label: 'password of curl -u',
    // The colon is what makes it a password: `curl -u ada` alone prompts for one.
    regex: new RegExp(
      `${lead('curl')}(?<keep>(?:-u|-U|--user(?![A-Za-z0-9_-])|--proxy-user(?![A-Za-z0-9_-]))(?:[ \\t]+|=)?${OPEN}[^\\s:"'\\\\@]*:)(?<secret>${VALUE})`,
      'g',
    ),
    shownPrefix: 0,
    mask: hideAll,
    accept: acceptFlagValue,
  },
  {
    kind: 'sshpass-password',
    label: 'password of sshpass -p',
    regex: new RegExp(
      `(?<keep>(?<![A-Za-z0-9_-])sshpass(?:[ \\t]+-[a-oq-zA-Z][^\\s]*)*[ \\t]+-p[ \\t]*${OPEN})(?<secret>${VALUE})`,
      'g',
    ),
    shownPrefix: 0,
    mask: hideAll,
    accept: acceptFlagValue,
  },
  {
    kind: 'mysql-password',
    label: 'password of mysql -p',
    // Only `-pPASSWORD` joined: `-p` alone (or followed by a space) makes the client prompt.
    regex: new RegExp(
      `${lead('(?:mysql(?:dump|admin|import|check|show|pump|sh)?|mariadb(?:-dump|-admin)?)')}(?<keep>-p${OPEN})(?<secret>${VALUE})`,
      'g',
    ),
    shownPrefix: 0,
    mask: hideAll,
    accept: acceptFlagValue,
  },
  {
    kind: 'password-flag',
    label: 'password given as a flag',
    // `--password=…` is a password assignment already; this is the spaced form (`wget --password …`).
    regex: new RegExp(
      `(?<keep>(?<![A-Za-z0-9_-])--(?:[a-z]+-)?(?:password|passwd)[ \\t]+${OPEN})(?<secret>[^\\s"'\\\\\`-]${VALUE.slice(0, -1)}*)`,
      'g',
    ),
    shownPrefix: 0,
    mask: hideAll,
    accept: acceptPassword,
  },
  {
    kind: 'netrc-password',
    label: 'password in a .netrc',
    regex: new RegExp(
      `(?<keep>(?<![A-Za-z0-9_-])(?:machine${NETRC_GAP}(?:localhost|[A-Za-z0-9-]+(?:\\.[A-Za-z0-9-]+)+)|default)(?:${NETRC_GAP}(?:login|account|port)${NETRC_GAP}[^\\s\\\\]+)*${NETRC_GAP}password${NETRC_GAP})(?<secret>[^\\s"\\\\\`]+)`,
      'g',
    ),
    shownPrefix: 0,
    mask: hideAll,
    accept: (secret) => !isPlaceholder(secret),
  },
  {
    kind: 'pgpass-password',
    label: 'password in a .pgpass line',
    // host:port:database:user:password, a whole line; the host starts with a letter (or is `*` or
    // an IPv4 address) so that times such as 12:30:45 are not taken for one.
    regex: new RegExp(
      `(?<lead>^|\\n|\\\\n)(?<keep>(?:[ \\t]*\\d+(?:→|\\t|\\\\t))?(?:\\*|[A-Za-z][A-Za-z0-9.-]*|\\d{1,3}(?:\\.\\d{1,3}){3}):(?:\\*|\\d{2,5}):[^:\\s\\\\]+:[^:\\s\\\\]+:)(?<secret>[^\\s\\\\]+)(?=$|${LINE_BREAK}|\\\\r)`,
      'g',
    ),
    shownPrefix: 0,
    mask: hideAll,
    accept: (secret) => !isPlaceholder(secret),
  },
  {
    kind: 'env-password',
    label: 'password in a …_PASS or …_PWD variable',
    // `PWD` alone is the working directory, so it needs a prefix (`MYSQL_PWD`); `BYPASS` is no password.
    regex:
      /(?<keep>\b(?:(?:[A-Z0-9]+_)*(?:PASS|PASSWD)|(?:[A-Z0-9]+_)+PWD)[ \t]*[=:][ \t]*(?:\\?["'])?)(?<secret>[^\s"'$\\`/~][^\s"'\\`]*)/g,
    shownPrefix: 0,
    mask: hideAll,
    // `STENCIL_PASS_DEPTH_PASS: 0x0B96` in code is a constant, not a password.
    accept: (secret) =>
      secret.length >= 4 &&
      !isPlaceholder(secret) &&
      !SWITCH_WORD.test(secret) &&
      !/^0x[0-9a-f]+;?$/i.test(secret),
  },
];
