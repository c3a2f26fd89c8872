// Stands in for react-devtools-core in the bundle: dlock-tui never connects to the devtools.
export default {initialize() {}, connectToDevTools() {}};
