#!/usr/bin/env bash
# Machine prerequisites for the real-VS-Code tests and `npm start` (docs/testing-in-vscode.md,
# "Setting it up"):
#   chromium     the browser Playwright drives (/usr/lib/chromium/chromium)
#   ripgrep      seeds @vscode/ripgrep inside code-server (its postinstall would download from GitHub)
#   libkrb5-dev  headers for code-server's native `kerberos` module
#   g++ make python3  node-gyp, for code-server's native modules (usually already on the image)
# Idempotent: installs only what is missing, and only as root with apt-get; otherwise it prints
# exactly what to install and exits non-zero.
set -euo pipefail

missing=()
[ -x /usr/lib/chromium/chromium ] || missing+=(chromium)
command -v rg >/dev/null 2>&1 || missing+=(ripgrep)
[ -f /usr/include/krb5.h ] && [ -f /usr/include/gssapi/gssapi.h ] || missing+=(libkrb5-dev)
command -v g++ >/dev/null 2>&1 || missing+=(g++)
command -v make >/dev/null 2>&1 || missing+=(make)
command -v python3 >/dev/null 2>&1 || missing+=(python3)

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup-machine: ok (chromium, ripgrep, krb5 headers, g++, make, python3 present)"
  exit 0
fi

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "setup-machine: installing ${missing[*]} with apt-get"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q "${missing[@]}"
  [ -x /usr/lib/chromium/chromium ] || { echo "setup-machine: /usr/lib/chromium/chromium still missing" >&2; exit 1; }
  echo "setup-machine: done"
else
  echo "setup-machine: missing ${missing[*]}. Install them, e.g. (Debian/Ubuntu):" >&2
  echo "  sudo env DEBIAN_FRONTEND=noninteractive apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
