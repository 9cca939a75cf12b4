#!/usr/bin/env bash
# Builds stand-ins for the Dockerfile's two bases from Debian packages and this machine's Node, for hosts
# that reach Debian's mirror and the npm registry but no container registry:
#   DEBIAN_TAG  for debian:bookworm-slim: bookworm's minimal system without documentation or locales;
#   NODE_TAG    for node:20-bookworm-slim: that system with the official image's layout: Node in
#               /usr/local/bin, its headers in /usr/local/include/node, npm in /usr/local/lib/node_modules,
#               a user `node` (uid 1000).
#
# Usage: tests/container/local-base.sh ENGINE DEBIAN_TAG NODE_TAG    (as root; needs debootstrap)
set -euo pipefail

engine="$1"
debian_tag="$2"
node_tag="$3"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"

node_bin="$(readlink -f "$(command -v node)")"
node_prefix="$(dirname "$(dirname "$node_bin")")"
npm_dir="$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")"
[[ -d "$node_prefix/include/node" ]] || { echo "no Node headers in $node_prefix/include/node" >&2; exit 1; }
[[ -f "$npm_dir/package.json" ]] || { echo "npm not found at $npm_dir" >&2; exit 1; }
node -e 'process.exit(process.versions.node.startsWith("20.") ? 0 : 1)' ||
  { echo "this machine's Node is $(node -v), not 20" >&2; exit 1; }

root="$(mktemp -d /tmp/node-base-XXXXXX)"
trap 'rm -rf "$root"' EXIT

debootstrap --variant=minbase bookworm "$root" "$mirror" >/dev/null
# What debian:bookworm-slim leaves out.
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* "$root"/var/log/*.log \
  "$root"/usr/share/doc/* "$root"/usr/share/man/* "$root"/usr/share/info/* "$root"/usr/share/locale/*
echo "deb $mirror bookworm main" >"$root/etc/apt/sources.list"
import_image() {
  local tag="$1" command="$2"
  shift 2
  tar -C "$root" -c . | "$engine" import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change "CMD [\"$command\"]" "$@" - "$tag" >/dev/null
}
import_image "$debian_tag" bash

install -D -m 0755 "$node_bin" "$root/usr/local/bin/node"
mkdir -p "$root/usr/local/include" "$root/usr/local/lib/node_modules"
cp -a "$node_prefix/include/node" "$root/usr/local/include/node"
cp -a "$npm_dir" "$root/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
chroot "$root" groupadd --gid 1000 node
chroot "$root" useradd --uid 1000 --gid node --shell /bin/bash --create-home node

# This machine's trust (a TLS-inspecting proxy's authority, say) goes along, so the build stage reaches the npm
# registry wherever this machine does.
install -D -m 0644 /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/host-ca-certificates.crt"
import_image "$node_tag" node --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/host-ca-certificates.crt'
echo "$debian_tag: Debian bookworm (minbase, trimmed); $node_tag: with Node $(node -v) and npm $(npm -v) from this machine"
