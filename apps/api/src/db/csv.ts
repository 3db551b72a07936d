// A small RFC 4180 reader for the seed's CSV: quoted fields may hold commas, doubled quotes and
// line breaks; records end at CRLF or LF. Enough for the city's register, no dependency.

/** The records of a CSV text, each an array of its fields (the header row included). */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endField = () => {
    record.push(field);
    field = '';
  };
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c !== '"') field += c;
      else if (text[i + 1] === '"') field += text[++i];
      else quoted = false;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') endField();
    else if (c === '\n' || (c === '\r' && text[i + 1] === '\n')) {
      if (c === '\r') i++;
      endField();
      records.push(record);
      record = [];
    } else field += c;
  }
  if (quoted) throw new Error('CSV: a quoted field is not closed');
  if (field !== '' || record.length > 0) {
    endField();
    records.push(record);
  }
  return records;
}

/** The records as objects keyed by the header row's names. */
export function csvObjects(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  return rows.map((row) => {
    if (row.length !== header.length) throw new Error(`CSV: a record has ${row.length} fields, the header ${header.length}`);
    return Object.fromEntries(header.map((name, k) => [name, row[k] ?? '']));
  });
}
