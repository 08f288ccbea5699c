import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { AdminContext, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18nProvider } from '../../providers/i18nProvider';
import { CustomFilePanel } from './CustomFileUpload';
import { FileUploadPage } from './FileUploadPage';

afterEach(cleanup);

const dataProvider = { getList: async () => ({ data: [{ id: 'c1', name: 'Bando verde' }], total: 1 }) } as unknown as DataProvider;

describe("the file page's call picker", { timeout: 30_000 }, () => {
  it('speaks Italian on an Italian screen (its open and close buttons)', async () => {
    render(
      <AdminContext i18nProvider={createI18nProvider('it')} queryClient={new QueryClient()} dataProvider={dataProvider}>
        <CustomFilePanel />
      </AdminContext>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Apri' }));
    expect(await screen.findByRole('option', { name: 'Bando verde' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Chiudi' })).toBeTruthy();
  });
});

describe('the file page', { timeout: 30_000 }, () => {
  it("closes the refused files' list with a button named in Italian", async () => {
    render(
      <AdminContext i18nProvider={createI18nProvider('it')} queryClient={new QueryClient()} dataProvider={dataProvider}>
        <FileUploadPage />
      </AdminContext>,
    );
    const file = new File(['x'], 'virus.exe', { type: 'application/octet-stream' });
    fireEvent.drop(screen.getByTestId('admin-drop-zone'), { dataTransfer: { files: [file] } });
    const refused = await screen.findByTestId('upload-rejected');
    expect(refused.textContent).toContain('virus.exe');
    expect(within(refused).getByRole('button', { name: 'Chiudi' })).toBeTruthy();
  });
});
