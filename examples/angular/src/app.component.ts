import { Component, CUSTOM_ELEMENTS_SCHEMA, signal } from '@angular/core';
import type { KycEventDetails, KycWidgetElement } from 'kyc-widget';

@Component({
  selector: 'kyc-example',
  // <kyc-widget> is a custom element: Angular binds [prop] to its DOM properties and (event) to its DOM events.
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <main>
      <h1>Verify your identity</h1>
      <kyc-widget
        provider="generic"
        [sessionUrl]="url"
        [sessionToken]="token"
        [options]="options"
        (kyc-complete)="onComplete($event)"
      ></kyc-widget>
      @if (outcome()) {
        <p>Outcome: {{ outcome() }}</p>
      }
    </main>
  `,
})
export class AppComponent {
  readonly url = `${new URLSearchParams(location.search).get('sandbox') ?? 'http://localhost:5174'}/generic?script=ready,start,progress:document:1:2,submit,complete:approved&session=example_angular`;
  readonly token = 'sbx_tok_example_secret';
  readonly options = { note: 'object option' };
  readonly outcome = signal<string | undefined>(undefined);

  // The host's own handler: what a real app does with the (client-side, to be confirmed) outcome.
  onComplete(event: Event): void {
    const { detail } = event as CustomEvent<KycEventDetails['kyc-complete']>;
    this.outcome.set(detail.outcome);
    document.body.dataset.outcome = detail.outcome;
    document.body.dataset.options = JSON.stringify((event.target as KycWidgetElement).options);
  }
}
