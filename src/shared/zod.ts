import { z } from 'zod';

// Every generic validation message (types, unknown keys…) in Spanish.
z.config(z.locales.es());

export { z };
