import { z } from 'zod';

/**
 * The answer of an export call: a CSV file, not JSON. `contentMediaType` (a JSON Schema keyword)
 * is how the OpenAPI document learns to list this answer under text/csv.
 */
export const csvFileSchema = z.string().meta({ description: 'CSV file', contentMediaType: 'text/csv' });
