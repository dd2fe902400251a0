// Serialiser for Janus's configuration format (libconfig, files ending in `.jcfg`).
//
// Only what Podium writes is supported: top-level sections holding scalars and string arrays.
// Values come from our own config and generated secrets, but they still pass through here
// strictly: a stray quote or newline must never be able to inject a setting into Janus.

export type JcfgValue = string | number | boolean | readonly string[];
/** A section's settings; `undefined` leaves the setting out (Janus then uses its default). */
export type JcfgSection = Readonly<Record<string, JcfgValue | undefined>>;
export type JcfgDocument = Readonly<Record<string, JcfgSection>>;

const NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

/** Quotes a string for libconfig; control characters are refused rather than escaped. */
export function jcfgString(value: string): string {
  // SECURITY: a newline or other control character in a value could end the setting early.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) {
    throw new Error(`Janus config value contains a control character: ${JSON.stringify(value)}`);
  }
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

function formatValue(key: string, value: JcfgValue): string {
  if (typeof value === 'string') return jcfgString(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new Error(`Janus config ${key} must be an integer`);
    return String(value);
  }
  return `[${value.map(jcfgString).join(', ')}]`;
}

export function serializeJcfg(doc: JcfgDocument, header?: string): string {
  const lines: string[] = [];
  if (header) {
    for (const line of header.split('\n')) lines.push(line ? `# ${line}` : '#');
    lines.push('');
  }
  for (const [section, settings] of Object.entries(doc)) {
    if (!NAME.test(section)) throw new Error(`Invalid Janus config section name: ${section}`);
    lines.push(`${section}: {`);
    for (const [key, value] of Object.entries(settings)) {
      if (value === undefined) continue;
      if (!NAME.test(key)) throw new Error(`Invalid Janus config setting name: ${key}`);
      lines.push(`\t${key} = ${formatValue(key, value)}`);
    }
    lines.push('}', '');
  }
  return lines.join('\n');
}
