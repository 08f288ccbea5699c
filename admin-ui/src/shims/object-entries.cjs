// node-polyglot's object.entries for browsers that have Object.entries (all the console supports):
// the package's ES5 shims weigh more than the rest of polyglot.
module.exports = Object.entries;
