#!/usr/bin/env bash
# Installs the real Zero the way Zero documents it for Go users (docs/INSTALL.md, "go install" and
# "Sandbox Helpers For Source Builds": zero-linux-sandbox and, on Linux, zero-seccomp), pinned to the
# version in .zero-version, into a cache folder:
#   ${ZERO_REAL_CACHE:-~/.cache/zero-vscode}/zero-<version>/bin/{zero,zero-linux-sandbox,zero-seccomp}
# Go's module and build caches are reused when present. The last line of stdout is the binary's path;
# when Zero cannot be had it is "skipped: no real Zero (<why>)" and the exit code is 3, so the
# real-Zero suites report a skip and never pass silently.
# A binary already in that folder that reports the pinned version is used as it is, and only the helpers
# missing beside it are installed: a developer whose module proxy refuses Zero may build all three there
# from Zero's source by hand (see docs/real-zero.md).
set -uo pipefail
cd "$(dirname "$0")/.."

version=$(tr -d ' \n' < .zero-version)
cache=${ZERO_REAL_CACHE:-$HOME/.cache/zero-vscode}
bin="$cache/zero-$version/bin"
module=github.com/Gitlawb/zero
want="zero ${version#v}"
started=$(date +%s%N)

say() { echo "install-zero: $*" >&2; }
elapsed() { local ms=$(( ($(date +%s%N) - started) / 1000000 )); printf '%d.%d s' $((ms / 1000)) $((ms % 1000 / 100)); }
skip() { say "$1"; echo "skipped: no real Zero ($1)"; exit 3; }
has_pinned() { [ -x "$bin/zero" ] && [ "$("$bin/zero" --version 2>/dev/null | head -n 1)" = "$want" ]; }
helpers=(zero-linux-sandbox zero-seccomp)
# The helpers not beside zero yet; all three when zero itself is not the pinned one (one version together).
todo() {
  if ! has_pinned; then echo zero "${helpers[@]}"; return; fi
  local h
  for h in "${helpers[@]}"; do [ -x "$bin/$h" ] || echo "$h"; done
}

need=$(todo | xargs)
if [ -z "$need" ]; then
  say "Zero $version already at $bin/zero, with ${helpers[*]} ($(elapsed))"
  echo "$bin/zero"
  exit 0
fi

command -v go >/dev/null 2>&1 || {
  has_pinned && { say "go is not installed: using Zero $version at $bin/zero without $need"; echo "$bin/zero"; exit 0; }
  skip "go is not installed; Zero $version is installed with go install"
}
mkdir -p "$bin"
log=$(mktemp)
# -ldflags gives the binary its release version (a plain go install reports "dev").
for cmd in $need; do
  say "go install $module/cmd/$cmd@$version"
  if ! GOBIN="$bin" GOFLAGS=-buildvcs=false go install -ldflags="-X $module/internal/cli.version=${version#v}" "$module/cmd/$cmd@$version" >"$log" 2>&1; then
    err=$(grep -v '^go: downloading' "$log" | head -n 3 | tr '\n' ' ' | sed 's/  */ /g')
    rm -f "$log"
    if has_pinned; then
      say "go install failed (${err% }); using the Zero $version already at $bin/zero without $(todo | xargs)"
      echo "$bin/zero"
      exit 0
    fi
    skip "go install $module/cmd/$cmd@$version failed: ${err% }"
  fi
done
rm -f "$log"
has_pinned || skip "$bin/zero does not report \"$want\": $("$bin/zero" --version 2>&1 | head -n 1)"
say "installed Zero $version at $bin/zero in $(elapsed)"
echo "$bin/zero"
