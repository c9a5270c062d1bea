import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { ThankYouPage } from '../../features/auth/ThankYouPage.tsx';

export const Route = createFileRoute('/auth/thank-you')({
  validateSearch: z.object({ rel: z.catch(z.optional(z.enum(['ty', 'ty2'])), undefined) }),
  component: ThankYouPage,
});
