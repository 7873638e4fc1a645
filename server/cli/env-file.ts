/*
 * The service's settings file (/etc/hoc-vien/env), read as systemd's EnvironmentFile= reads it,
 * so the command line sees exactly the values the server does: one VARIABLE=value a line;
 * blank lines and lines starting with "#" or ";" are comments; a value may be wrapped in single
 * or double quotes (removed; inside double quotes \" \\ \$ and \` stand for the character);
 * anything else is taken as written, spaces, "<", "#" and Vietnamese included; a line ending
 * in "\" goes on on the next. A shell's `env $(cat file)` splits such values at their spaces.
 */

export class EnvFileError extends Error {
  constructor(readonly line: number) {
    super(`line ${line}`);
    this.name = 'EnvFileError';
  }
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith("'") && value.endsWith("'")) return value.slice(1, -1);
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(["\\$`])/g, '$1');
  }
  return value;
}

/** The variables a systemd environment file sets, in order; throws EnvFileError on a bad line. */
export function parseEnvironmentFile(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  for (let index = 0; index < lines.length; index++) {
    const number = index + 1;
    let line = lines[index] ?? '';
    while (line.endsWith('\\') && index + 1 < lines.length) {
      index += 1;
      line = line.slice(0, -1) + (lines[index] ?? '');
    }
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith(';')) continue;
    const equals = trimmed.indexOf('=');
    if (equals <= 0) throw new EnvFileError(number);
    const name = trimmed.slice(0, equals).trim();
    if (!NAME.test(name)) throw new EnvFileError(number);
    values[name] = unquote(trimmed.slice(equals + 1).trim());
  }
  return values;
}
