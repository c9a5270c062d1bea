import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../features/errors/NotFoundPage.tsx';

export const Route = createFileRoute('/error')({
  component: NotFoundPage,
});
