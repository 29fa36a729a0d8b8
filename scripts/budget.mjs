// The boot chunk's size budget, stated once: test/e2e/size.test.ts holds every build to it (and says what the
// bytes carry and why the budget is what it is); `npm run bench` prints the chunk's size against it.
// The gauge: Node's zlib gzip at level 9 of dist/kyc-widget.js.
export const BOOT_BUDGET = 12_800;
