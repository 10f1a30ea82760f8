export function onPath(program: string): boolean;
