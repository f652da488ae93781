// Types for playwright.config.ts, which imports this plain-JavaScript module (plain so that
// scripts run by node itself, like the test prerequisites, can import it too).
export declare const TEST_BROWSER_PATH: string;
export declare const TEST_BROWSER_PACKAGE: string;
export declare const CHROMIUM_FLAGS: string[];
