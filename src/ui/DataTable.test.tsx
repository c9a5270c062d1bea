// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react/styled-system';
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataColumn } from './DataTable.tsx';
import { Pagination, visiblePages } from './Pagination.tsx';
import { system } from './system.ts';

const i18n = setupI18n({ locale: 'en', messages: { en: {} } });

/** jsdom has no layout: the media query answers as a phone or a wide screen. */
function screenIsWide(wide: boolean) {
  window.matchMedia = ((query: string) => ({ matches: wide, media: query, addEventListener() {}, removeEventListener() {} })) as never;
}

type Row = { id: number; name: string; url: string };
const columns: DataColumn<Row>[] = [
  { key: 'id', header: 'Call ID', cell: (row) => `CL-${row.id}`, nowrap: true },
  { key: 'url', header: 'Call request URL', cell: (row) => row.url },
];
const rows: Row[] = [
  { id: 1, name: 'a', url: 'https://example.com/a' },
  { id: 2, name: 'b', url: 'https://example.com/b' },
];

function renderWith(ui: React.ReactNode) {
  return render(
    <I18nProvider i18n={i18n}>
      <ChakraProvider value={system}>{ui}</ChakraProvider>
    </I18nProvider>,
  );
}

describe('DataTable', () => {
  afterEach(cleanup);

  it('is a table with column headers on wide screens', () => {
    screenIsWide(true);
    renderWith(<DataTable label="Calls History" columns={columns} rows={rows} rowKey={(row) => row.id} loading={false} skeletonRows={5} />);
    const table = screen.getByRole('table', { name: 'Calls History' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Call ID', 'Call request URL']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(table.getAttribute('aria-busy')).toBe('false');
  });

  it('is a list of cards with labelled values on phones', () => {
    screenIsWide(false);
    renderWith(<DataTable label="Calls History" columns={columns} rows={rows} rowKey={(row) => row.id} loading={false} skeletonRows={5} />);
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Calls History' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Call ID').nextElementSibling?.textContent).toBe('CL-1');
  });

  it('shows skeleton rows while loading, and the empty content when there are no rows', () => {
    screenIsWide(true);
    const { rerender } = renderWith(<DataTable label="Calls" columns={columns} rows={rows} rowKey={(row) => row.id} loading skeletonRows={4} empty="Nothing" />);
    const table = screen.getByRole('table', { name: 'Calls' });
    expect(table.getAttribute('aria-busy')).toBe('true');
    expect(table.querySelectorAll('tbody tr[aria-hidden="true"]')).toHaveLength(4);
    expect(screen.queryByText('CL-1')).toBeNull();
    rerender(
      <I18nProvider i18n={i18n}>
        <ChakraProvider value={system}>
          <DataTable label="Calls" columns={columns} rows={[]} rowKey={(row) => row.id} loading={false} skeletonRows={4} empty="Nothing" />
        </ChakraProvider>
      </I18nProvider>,
    );
    expect(screen.getByText('Nothing')).toBeTruthy();
  });
});

describe('Pagination', () => {
  afterEach(cleanup);

  it.each([
    [1, 1, [1]],
    [1, 4, [1, 2, null, 4]],
    [5, 10, [1, null, 4, 5, 6, null, 10]],
    [10, 10, [1, null, 9, 10]],
    [2, 3, [1, 2, 3]],
  ])('page %i of %i shows %j', (page, pageCount, expected) => {
    expect(visiblePages(page, pageCount)).toEqual(expected);
  });

  it('reports page and rows-per-page choices', () => {
    screenIsWide(true);
    const onPageChange = vi.fn();
    const onPerPageChange = vi.fn();
    renderWith(
      <Pagination page={2} pageCount={3} count={45} perPage={20} perPageChoices={[5, 20, 25]} onPageChange={onPageChange} onPerPageChange={onPerPageChange} />,
    );
    expect(screen.getByText('21–40 of 45')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '5' } });
    expect(onPerPageChange).toHaveBeenCalledWith(5);
  });

  it('keeps unavailable controls focusable while a page loads, and ignores them', () => {
    screenIsWide(true);
    const onPageChange = vi.fn();
    const onPerPageChange = vi.fn();
    renderWith(
      <Pagination page={3} pageCount={3} count={45} perPage={20} perPageChoices={[5, 20]} onPageChange={onPageChange} onPerPageChange={onPerPageChange} disabled />,
    );
    const next = screen.getByRole('button', { name: 'Next page' });
    const previous = screen.getByRole('button', { name: 'Previous page' });
    for (const button of [next, previous, screen.getByRole('button', { name: 'Page 1' })]) {
      expect(button.hasAttribute('disabled')).toBe(false);
      expect(button.getAttribute('aria-disabled')).toBe('true');
      fireEvent.click(button);
    }
    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '5' } });
    expect(screen.getByLabelText('Rows per page').hasAttribute('disabled')).toBe(false);
    expect(onPageChange).not.toHaveBeenCalled();
    expect(onPerPageChange).not.toHaveBeenCalled();
  });
});
