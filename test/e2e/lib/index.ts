// The real-VS-Code test harness (code-server 4.100.3 = VS Code 1.100.3, driven in Chromium).
//
// UI tests (test/e2e/ui/*.test.ts, `npm run test:ui`):
//   describe('Chat', function () {
//     const vs = useVSCode({ settings: { 'zero.path': FAKE_ZERO }, env: { FAKE_ZERO_SCENARIO: 'hello' } });
//     it('answers', async function () {
//       const chat = await openZeroView(vs.page);          // clicks "Zero" in the activity bar
//       await chat.getByRole('textbox', { name: 'Message Zero' }).fill('hi');
//       await chat.getByRole('button', { name: 'Send' }).click();
//       await chat.getByText('Hello from the fake zero', { exact: false }).waitFor();
//       await runCommand(vs.page, 'Zero: New Chat');        // F1, by the title shown in the palette
//       await vs.screenshot('answered');                    // .e2e/screenshots/<suite>-answered.png
//       vs.zeroRecords();                                   // what the fake zero was run with
//     });
//   });
// One fresh code-server + Chromium per describe (≈20-40 s on 2 cores), so group tests per describe.
// The extension comes from the repo (dev path, rebuilt first) or from $ZERO_E2E_VSIX. A failing test
// leaves .e2e/screenshots/FAILED-<suite>-<test>.png and prints the server log tail and console errors.
// ZERO_E2E_HEADED=1 shows the browser (needs a display).
//
// Extension-host tests: test/e2e/exthost/*.test.ts with the real `vscode` API (`npm run test:exthost`).
export * from './axe';
export * from './browser';
export * from './buildExtHostSuite';
export * from './codeServer';
export * from './paths';
export * from './useVSCode';
export * from './workbench';
export * from './transports';
