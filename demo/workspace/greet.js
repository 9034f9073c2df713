// TODO: greet('') says "Hello, !". An empty or blank name should get a friendly default.
function greet(name) {
  return 'Hello, ' + name + '!';
}

console.log(greet('Zero'));
console.log(greet(''));
