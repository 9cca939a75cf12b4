// Placeholder replaced by the client error log module (spec section 8).
export function installGlobalErrorHandlers(): void {}
