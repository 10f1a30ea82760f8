export const HEADLESS_SHELL: string;
export function chromiumPath(): string;
