import { provideZonelessChangeDetection } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { AppComponent } from './app.component';

// ?sandbox=<origin> points the app at the sandbox provider; ?lazy=1 defines the tag only after the first render.
const lazy = new URLSearchParams(location.search).get('lazy') === '1';

if (!lazy) await import('kyc-widget/define');
const app = await bootstrapApplication(AppComponent, { providers: [provideZonelessChangeDetection()] });
if (lazy) requestAnimationFrame(() => void import('kyc-widget/define').then(() => app.tick()));
