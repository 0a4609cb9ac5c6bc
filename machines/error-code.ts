/** The error code of a refusal the API client threw (section 8), or 'system' for any other failure. */
export function errorCode(error: unknown): string {
  return error && typeof error === 'object' && 'code' in error && typeof error.code === 'string'
    ? error.code
    : 'system';
}
