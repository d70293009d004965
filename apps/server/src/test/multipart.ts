/**
 * A multipart/form-data body with one file field, for `app.inject` (uploads in API tests):
 * the payload and its content-type header (with a random boundary).
 */
export function multipartFile(
  field: string,
  fileName: string,
  data: Buffer,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----accueil${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * A multipart/form-data body with text fields and, optionally, files (`{ field, fileName, data }`),
 * for `app.inject`: the payload and its content-type header.
 */
export function multipartForm(
  fields: Record<string, string>,
  files: { field: string; fileName: string; data: Buffer; contentType?: string }[] = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----accueil${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const file of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.fileName}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
