// Stands in for Ink's devtools module in the bundle: dlock-tui never connects to the React devtools.
export {};
