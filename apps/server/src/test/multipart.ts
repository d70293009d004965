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
