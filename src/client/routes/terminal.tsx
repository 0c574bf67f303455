import { createFileRoute } from '@tanstack/react-router';
import { KioskPage } from '../features/terminal/KioskPage';

/** The self-service kiosk: its own terminal sign-in (not a user session), no navbar. */
export const Route = createFileRoute('/terminal')({
  component: KioskPage,
});
