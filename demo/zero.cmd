@node "%~dp0\demo-zero.js" %*
