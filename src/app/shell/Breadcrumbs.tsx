import { Box } from '@chakra-ui/react/box';
import { useLingui } from '@lingui/react/macro';
import { Link, useLocation } from '@tanstack/react-router';
import { activeMenuEntry } from './menu.ts';

/** spec §2 Shell: a breadcrumb starting with Home (to /dashboard), from the active menu entry. */
export function Breadcrumbs() {
  const { t, i18n } = useLingui();
  const pathname = useLocation({ select: (location) => location.pathname });
  const entry = activeMenuEntry(pathname);
  return (
    <Box as="nav" aria-label={t`Breadcrumb`} mb="4" fontSize="sm">
      <Box as="ol" display="flex" gap="2" listStyleType="none" color="gray.600">
        <li>
          <Link to="/dashboard">
            <Box as="span" color="blue.700" textDecoration="underline">
              {t`Home`}
            </Box>
          </Link>
        </li>
        {entry ? (
          <>
            <li aria-hidden="true">/</li>
            <li aria-current="page">{i18n._(entry.label)}</li>
          </>
        ) : null}
      </Box>
    </Box>
  );
}
