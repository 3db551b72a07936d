// A staff token for tests that act as the city (the answer REST endpoint, merging): one staff
// member per worker, made with the real CLI (admin-fixtures.ts).
import { addStaff } from './admin-fixtures';

let token: string | undefined;

export function staffToken(): Promise<string> {
  token ??= addStaff('e2e city').token;
  return Promise.resolve(token);
}
