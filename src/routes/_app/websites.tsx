import { createFileRoute } from '@tanstack/react-router';
import { WebsitesPage } from '../../features/websites/WebsitesPage.tsx';

/** spec §2 Websites. */
export const Route = createFileRoute('/_app/websites')({
  component: WebsitesPage,
});
