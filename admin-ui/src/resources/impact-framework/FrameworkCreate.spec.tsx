import { ApiError } from '@impact-calls/api-client';
import { XLSX_MIME } from '@impact-calls/domain';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, ResourceContextProvider } from 'react-admin';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createI18nProvider, loadMessages } from '../../providers/i18nProvider';
import FrameworkCreate from './FrameworkCreate';
import { importFramework } from './frameworks';

vi.mock('./frameworks', async (original) => ({ ...(await original<typeof import('./frameworks')>()), importFramework: vi.fn() }));

afterEach(cleanup);
beforeAll(() => loadMessages('en'));

const xlsx = (name: string) => new File(['x'], name, { type: XLSX_MIME });

/** Picks a file in the drop zone (its hidden input, as a click on the zone would). */
async function choose(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
  fireEvent.change(input, { target: { files: [file] } });
  await screen.findByText(file.name);
}

describe('importing a framework', { timeout: 30_000 }, () => {
  it("forgets a refused file's problems once another file is chosen", async () => {
    vi.mocked(importFramework).mockRejectedValue(
      new ApiError(400, 'errors.impact.invalid-file', 'invalid', undefined, {
        issues: [{ key: 'errors.impact.excel-outcome-missing', params: {}, message: 'Row 3: no outcome', sheet: 'Framework', row: 3 }],
      }),
    );
    render(
      <AdminContext i18nProvider={createI18nProvider('en')} queryClient={new QueryClient()}>
        <ResourceContextProvider value="impact-framework">
          <FrameworkCreate />
        </ResourceContextProvider>
      </AdminContext>,
    );
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Demo' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Description/ }), { target: { value: 'A framework' } });
    await choose(xlsx('first.xlsx'));
    fireEvent.click(screen.getByRole('button', { name: /Import/ }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('row 3'));

    await choose(xlsx('second.xlsx'));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
