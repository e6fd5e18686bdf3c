/** `{ a: '1', b: undefined }` -> 'a=1': the query of a list call, empty values left out. */
export function toQueryString(values: Record<string, string | undefined> | URLSearchParams): string {
  const params = new URLSearchParams();
  const entries = values instanceof URLSearchParams ? [...values.entries()] : Object.entries(values);
  for (const [key, value] of entries) {
    if (value !== undefined && value !== '') params.set(key, value);
  }
  return params.toString();
}
