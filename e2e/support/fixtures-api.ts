/** Calls the stack's data fixtures (e2e/support/stack.ts) for what later capabilities will make. */
async function fixture(path: string, params: Record<string, string>): Promise<unknown> {
  const url = `http://127.0.0.1:${process.env.E2E_MAILBOX_PORT}/fixtures/${path}?${new URLSearchParams(params)}`;
  const response = await fetch(url, { method: 'POST' });
  if (!response.ok) throw new Error(`fixture ${path} failed: ${await response.text()}`);
  return response.json();
}

/** Five students enrolled with growing progress, and rated evaluations by the author. */
export const seedClass = (courseId: string, authorEmail: string) =>
  fixture('class', { course: courseId, author: authorEmail });

/** Approves a pending person (the user-management screen does this for real later). */
export const activatePerson = (email: string) => fixture('activate', { email });
