/** The spec's one error text for the work areas' calls (C16: its spelling kept as written). */
export const WORK_AREA_ERROR = 'An error ocurred. Please try again.';
