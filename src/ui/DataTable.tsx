import { Box } from '@chakra-ui/react/box';
import { Skeleton } from '@chakra-ui/react/skeleton';
import { Table } from '@chakra-ui/react/table';
import { type ReactNode, useDeferredValue, useMemo } from 'react';
import { useMediaQuery, WIDE_SCREEN_QUERY } from '../lib/useMediaQuery.ts';

export interface DataColumn<TRow> {
  key: string;
  /** The translated column header; on phones, each value's label. */
  header: string;
  cell: (row: TRow) => ReactNode;
  /** Keeps the value on one line (ids, dates, numbers, phone numbers). */
  nowrap?: boolean;
  align?: 'start' | 'end';
}

export interface DataTableProps<TRow> {
  /** The table's accessible name (usually the screen's title). */
  label: string;
  columns: DataColumn<TRow>[];
  rows: TRow[];
  rowKey: (row: TRow) => string | number;
  /** Shows `skeletonRows` placeholder rows instead of the rows (spec: skeletons, not jumps). */
  loading: boolean;
  skeletonRows: number;
  /** Shown under the headers when there are no rows and nothing loads (empty and error states). */
  empty?: ReactNode;
}

/**
 * The table of a list screen. From the `md` breakpoint it is a real table (column headers,
 * horizontal scrolling inside a focusable region when the columns are wider than the screen);
 * below it each row is a card of "header: value" pairs, so a 16-column table stays readable
 * on a 360 px phone. Only one of the two is rendered.
 */
export function DataTable<TRow>(props: DataTableProps<TRow>) {
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  // New rows (and the loading flag with them) render at a lower priority, in slices that let the
  // browser paint and answer input in between: a list machine's update renders synchronously,
  // and a page of rows was one long task (issue 17: Total Blocking Time on phones).
  const view = useMemo(() => ({ rows: props.rows, loading: props.loading }), [props.rows, props.loading]);
  const shown = { ...props, ...useDeferredValue(view) };
  return wide ? <WideTable {...shown} /> : <RowCards {...shown} />;
}

/** What Chakra's table recipe gives its cells (size sm, striped, line variant), for plain rows. */
const bodyStyles = {
  '& > tr': { bg: 'bg' },
  '& > tr:nth-of-type(odd) > td': { bg: 'bg.muted' },
  '& > tr > td': { textAlign: 'start', px: '2', py: '2', borderBottomWidth: '1px' },
  '& > tr > td[data-nowrap]': { whiteSpace: 'nowrap' },
  '& > tr > td[data-align=end]': { textAlign: 'end' },
  '& .data-table__wrap': { width: 'max-content', minWidth: '6rem', maxWidth: '16rem', whiteSpace: 'normal', overflowWrap: 'break-word' },
} as const;

/**
 * Keys of the placeholder rows, apart from the rows' own keys (issue 17): a placeholder keyed 3
 * was reused for the row with id 3, which then moved from wherever the placeholder was, and
 * Lighthouse counted that as a layout shift (0.11-0.21 on phones, under the splash screen).
 */
function skeletonKeys(count: number): string[] {
  return Array.from({ length: Math.max(1, count) }, (_, index) => `skeleton-${index}`);
}

function WideTable<TRow>({ label, columns, rows, rowKey, loading, skeletonRows, empty }: DataTableProps<TRow>) {
  const showEmpty = !loading && rows.length === 0;
  return (
    <Box bg="white" borderWidth="1px" borderRadius="lg" overflow="hidden">
      <Table.ScrollArea tabIndex={0} role="region" aria-label={label}>
        <Table.Root size="sm" striped aria-busy={loading} aria-label={label}>
          <Table.Header>
            <Table.Row bg="gray.100">
              {columns.map((column) => (
                <Table.ColumnHeader
                  key={column.key}
                  scope="col"
                  whiteSpace="nowrap"
                  textAlign={column.align === 'end' ? 'end' : 'start'}
                  color="gray.800"
                  fontWeight="semibold"
                >
                  {column.header}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          {/* Rows and cells are plain elements styled once here: a list page renders hundreds of
              cells, and a styled component each made the first render of Calls History a long task. */}
          <Table.Body css={bodyStyles}>
            {loading
              ? skeletonKeys(skeletonRows).map((key) => (
                  <tr key={key} aria-hidden="true">
                    <td colSpan={columns.length}>
                      <Skeleton height="4" />
                    </td>
                  </tr>
                ))
              : rows.map((row) => (
                  <tr key={rowKey(row)}>
                    {columns.map((column) => (
                      <td key={column.key} data-nowrap={column.nowrap || undefined} data-align={column.align}>
                        {column.nowrap ? (
                          column.cell(row)
                        ) : (
                          // Long free text (URLs, custom fields) wraps instead of widening the table.
                          <div className="data-table__wrap">{column.cell(row)}</div>
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {showEmpty && empty ? <Box borderTopWidth="1px">{empty}</Box> : null}
    </Box>
  );
}

/** What each card and its "header: value" pairs look like, for plain elements (see bodyStyles). */
const cardStyles = {
  '& > li': { bg: 'white', borderWidth: '1px', borderRadius: 'lg', p: '4' },
  '& > li > dl': { display: 'grid', gridTemplateColumns: 'minmax(7rem, 40%) 1fr', columnGap: '3', rowGap: '1.5', fontSize: 'sm' },
  '& > li > dl > div': { display: 'contents' },
  '& > li > dl > div > dt': { color: 'gray.600', fontWeight: 'medium' },
  '& > li > dl > div > dd': { color: 'gray.900', overflowWrap: 'anywhere', minWidth: '0' },
} as const;

function RowCards<TRow>({ label, columns, rows, rowKey, loading, skeletonRows, empty }: DataTableProps<TRow>) {
  if (!loading && rows.length === 0) {
    return (
      <Box bg="white" borderWidth="1px" borderRadius="lg" role="region" aria-label={label}>
        {empty}
      </Box>
    );
  }
  // Cards, pairs and their parts are plain elements styled once here, as the wide table's rows
  // are: a phone's Calls History has a styled component per pair, about 1,200 of them, and their
  // styles were most of that screen's blocking time under Lighthouse's mobile profile (issue 17).
  return (
    <Box as="ul" aria-label={label} aria-busy={loading} listStyleType="none" display="flex" flexDirection="column" gap="3" css={cardStyles}>
      {loading
        ? skeletonKeys(skeletonRows).map((key) => (
            // A placeholder card as tall as a card of one-line values (its labels and a line of
            // skeleton each), so the cards below it do not move when the rows come (issue 17:
            // this shift was Lighthouse's layout shift on phones).
            <li key={key} aria-hidden="true">
              <CardFields columns={columns} value={() => <Skeleton height="1lh" />} />
            </li>
          ))
        : rows.map((row) => (
            <li key={rowKey(row)}>
              <CardFields columns={columns} value={(column) => column.cell(row)} />
            </li>
          ))}
    </Box>
  );
}

/** A card's "header: value" pairs. */
function CardFields<TRow>({ columns, value }: { columns: DataColumn<TRow>[]; value: (column: DataColumn<TRow>) => ReactNode }) {
  return (
    <dl>
      {columns.map((column) => (
        <div key={column.key}>
          <dt>{column.header}</dt>
          <dd>{value(column)}</dd>
        </div>
      ))}
    </dl>
  );
}
