import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { chakra } from '@chakra-ui/react/styled-system';
import { Text } from '@chakra-ui/react/text';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';

export interface PaginationProps {
  page: number;
  pageCount: number;
  /** Rows matching the filters. */
  count: number;
  perPage: number;
  /** spec §9: 5, 25, 50, 100, 150, 200 and the screen's default. */
  perPageChoices: number[];
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
  disabled?: boolean;
}

/** Page numbers around the current page, with the first and last, and gaps as null. */
export function visiblePages(page: number, pageCount: number): (number | null)[] {
  const pages = new Set([1, pageCount, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pageCount));
  const sorted = [...pages].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  sorted.forEach((p, index) => {
    if (index > 0 && p - sorted[index - 1]! > 1) result.push(null);
    result.push(p);
  });
  return result;
}

/**
 * A control that cannot be used now stays focusable (aria-disabled, its action ignored): a
 * natively disabled button or select drops the keyboard focus to the start of the page while
 * the next page loads.
 */
function unavailable(off: boolean) {
  return { 'aria-disabled': off || undefined };
}

/** The pagination of a list screen: rows per page, the rows shown, and page buttons. */
export function Pagination({ page, pageCount, count, perPage, perPageChoices, onPageChange, onPerPageChange, disabled }: PaginationProps) {
  const { t } = useLingui();
  const selectId = useId();
  const from = count === 0 ? 0 : (page - 1) * perPage + 1;
  const to = Math.min(count, page * perPage);
  return (
    <Box
      as="nav"
      aria-label={t`Pagination`}
      display="flex"
      flexWrap="wrap"
      alignItems="center"
      justifyContent="space-between"
      gap="3"
      mt="4"
    >
      <Box display="flex" alignItems="center" gap="2">
        <chakra.label htmlFor={selectId} fontSize="sm" color="gray.700" whiteSpace="nowrap">
          {t`Rows per page`}
        </chakra.label>
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field
            id={selectId}
            value={perPage}
            bg="white"
            {...unavailable(Boolean(disabled))}
            onChange={(event) => {
              if (!disabled) onPerPageChange(Number(event.currentTarget.value));
            }}
          >
            {perPageChoices.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Text fontSize="sm" color="gray.700" whiteSpace="nowrap" aria-live="polite">
          {t`${from}–${to} of ${count}`}
        </Text>
      </Box>
      <Box as="ul" display="flex" flexWrap="wrap" alignItems="center" gap="1" listStyleType="none">
        <li>
          <Button
            size="sm"
            variant="outline"
            bg="white"
            aria-label={t`Previous page`}
            {...unavailable(Boolean(disabled) || page <= 1)}
            onClick={() => {
              if (!disabled && page > 1) onPageChange(page - 1);
            }}
          >
            <span aria-hidden="true">‹</span>
            <Text as="span" hideBelow="sm">
              {t`Previous`}
            </Text>
          </Button>
        </li>
        {visiblePages(page, pageCount).map((pageNumber, index) =>
          pageNumber === null ? (
            <Box as="li" key={`gap-${index}`} px="1" color="gray.600" aria-hidden="true">
              …
            </Box>
          ) : (
            <li key={pageNumber}>
              <Button
                size="sm"
                minWidth="9"
                variant={pageNumber === page ? 'solid' : 'ghost'}
                colorPalette={pageNumber === page ? 'blue' : 'gray'}
                aria-current={pageNumber === page ? 'page' : undefined}
                aria-label={t`Page ${pageNumber}`}
                {...unavailable(Boolean(disabled))}
                onClick={() => {
                  if (!disabled) onPageChange(pageNumber);
                }}
              >
                {pageNumber}
              </Button>
            </li>
          ),
        )}
        <li>
          <Button
            size="sm"
            variant="outline"
            bg="white"
            aria-label={t`Next page`}
            {...unavailable(Boolean(disabled) || page >= pageCount)}
            onClick={() => {
              if (!disabled && page < pageCount) onPageChange(page + 1);
            }}
          >
            <Text as="span" hideBelow="sm">
              {t`Next`}
            </Text>
            <span aria-hidden="true">›</span>
          </Button>
        </li>
      </Box>
    </Box>
  );
}
