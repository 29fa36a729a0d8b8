/** The classic-script bundle's entry: defines <kyc-widget> and exports nothing (no global variable). */
import './define';
