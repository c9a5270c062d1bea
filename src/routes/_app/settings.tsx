import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '../../features/settings/SettingsPage.tsx';

/** spec §2 Settings: Account Settings. */
export const Route = createFileRoute('/_app/settings')({
  component: SettingsPage,
});
