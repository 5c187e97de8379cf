#!/usr/bin/env python3
"""Builds the VS Code extension package `marbles-<version>.vsix` from Editors/vscode, with no npm.

A .vsix is a zip (Open Packaging Conventions) holding:
  extension.vsixmanifest   the package manifest (PackageManifest 2.0.0, as vsce writes it)
  [Content_Types].xml      the MIME type of every file extension in the zip
  extension/...            the extension folder: package.json, the code, README.md, the icon,
                           and LICENSE.txt (the repository's LICENSE, which package.json names)
Files that Editors/vscode/.vscodeignore lists (glob patterns, `!` to keep, `#` comments, a
pattern without a wildcard also covering a folder) are left out, as vsce does.

The zip is deterministic: entries sorted, fixed time stamps, mode 0644, so the same sources
give the same bytes.

Usage: package-vsix.py [-o OUT_DIR]   (default: the current directory); prints the .vsix path.
Install it with: code --install-extension marbles-<version>.vsix
"""
import argparse
import json
import mimetypes
import os
import re
import sys
import zipfile
from xml.sax.saxutils import escape, quoteattr

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "vscode")
LICENSE = os.path.join(HERE, "..", "LICENSE")

# What vsce always leaves out, before .vscodeignore.
DEFAULT_IGNORE = [".vscodeignore", "**/.git/**", "**/*.vsix", "**/.DS_Store", "**/*.vsixmanifest",
                  "package-lock.json", "node_modules/**"]

CONTENT_TYPES = {
    ".json": "application/json",
    ".vsixmanifest": "text/xml",
    ".js": "application/javascript",
    ".md": "text/markdown",
    ".png": "image/png",
    ".txt": "text/plain",
}

TIMESTAMP = (1980, 1, 1, 0, 0, 0)


def glob_regex(pattern):
    """A regular expression for one ignore pattern (`**` any folders, `*` and `?` within one)."""
    out = ""
    index = 0
    while index < len(pattern):
        if pattern.startswith("**/", index):
            out += "(?:.*/)?"
            index += 3
        elif pattern.startswith("**", index):
            out += ".*"
            index += 2
        elif pattern[index] == "*":
            out += "[^/]*"
            index += 1
        elif pattern[index] == "?":
            out += "[^/]"
            index += 1
        else:
            out += re.escape(pattern[index])
            index += 1
    return re.compile(out + r"\Z")


def ignore_rules(path):
    """(ignore patterns, keep patterns) from DEFAULT_IGNORE and the .vscodeignore at `path`."""
    lines = list(DEFAULT_IGNORE)
    if os.path.exists(path):
        with open(path, encoding="utf-8") as file:
            lines += [line.strip() for line in file]
    ignore, keep = [], []
    for line in lines:
        if not line or line.startswith("#"):
            continue
        target = keep if line.startswith("!") else ignore
        pattern = line.lstrip("!").lstrip("/")
        target.append(glob_regex(pattern))
        if not re.search(r"[*?]", pattern.split("/")[-1]):
            target.append(glob_regex(pattern.rstrip("/") + "/**"))
    keep += [glob_regex("package.json"), glob_regex("README.md")]
    return ignore, keep


def extension_files(source):
    """The files of the extension folder that go into the package, as sorted relative paths."""
    ignore, keep = ignore_rules(os.path.join(source, ".vscodeignore"))
    files = []
    for folder, folders, names in os.walk(source):
        folders.sort()
        for name in names:
            relative = os.path.relpath(os.path.join(folder, name), source).replace(os.sep, "/")
            if any(p.match(relative) for p in ignore) and not any(p.match(relative) for p in keep):
                continue
            files.append(relative)
    return sorted(files)


def vsix_manifest(manifest, entries):
    """extension.vsixmanifest for package.json `manifest` and the zip's `entries`."""
    assets = [("Microsoft.VisualStudio.Code.Manifest", "extension/package.json")]
    if "extension/README.md" in entries:
        assets.append(("Microsoft.VisualStudio.Services.Content.Details", "extension/README.md"))
    if "extension/LICENSE.txt" in entries:
        assets.append(("Microsoft.VisualStudio.Services.Content.License", "extension/LICENSE.txt"))
    icon = "extension/" + manifest["icon"] if manifest.get("icon") else None
    if icon:
        assets.append(("Microsoft.VisualStudio.Services.Icons.Default", icon))
    languages = manifest.get("contributes", {}).get("languages", [])
    tags = []
    for language in languages:
        tags += [language["id"]] + language.get("aliases", [])
        tags += ["__ext_" + re.sub(r"\W", "", extension) for extension in language.get("extensions", [])]
    tags = list(dict.fromkeys(tags + manifest.get("keywords", [])))
    properties = [
        ("Microsoft.VisualStudio.Code.Engine", manifest["engines"]["vscode"]),
        ("Microsoft.VisualStudio.Code.ExtensionDependencies", ",".join(manifest.get("extensionDependencies", []))),
        ("Microsoft.VisualStudio.Code.ExtensionPack", ",".join(manifest.get("extensionPack", []))),
        ("Microsoft.VisualStudio.Code.ExtensionKind", "workspace"),
        ("Microsoft.VisualStudio.Code.LocalizedLanguages", ""),
        ("Microsoft.VisualStudio.Services.GitHubFlavoredMarkdown", "true"),
    ]
    lines = [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<PackageManifest Version="2.0.0" xmlns="http://schemas.microsoft.com/developer/vsx-schema/2011"'
        ' xmlns:d="http://schemas.microsoft.com/developer/vsx-schema-design/2011">',
        "  <Metadata>",
        f'    <Identity Language="en-US" Id={quoteattr(manifest["name"])} Version={quoteattr(manifest["version"])}'
        f' Publisher={quoteattr(manifest["publisher"])}/>',
        f'    <DisplayName>{escape(manifest.get("displayName", manifest["name"]))}</DisplayName>',
        f'    <Description xml:space="preserve">{escape(manifest.get("description", ""))}</Description>',
        f"    <Tags>{escape(','.join(tags))}</Tags>",
        f"    <Categories>{escape(','.join(manifest.get('categories', [])))}</Categories>",
        "    <GalleryFlags>Public</GalleryFlags>",
        "    <Properties>",
    ]
    lines += [f"      <Property Id={quoteattr(key)} Value={quoteattr(value)} />" for key, value in properties]
    lines.append("    </Properties>")
    if "extension/LICENSE.txt" in entries:
        lines.append("    <License>extension/LICENSE.txt</License>")
    if icon:
        lines.append(f"    <Icon>{escape(icon)}</Icon>")
    lines += [
        "  </Metadata>",
        "  <Installation>",
        '    <InstallationTarget Id="Microsoft.VisualStudio.Code"/>',
        "  </Installation>",
        "  <Dependencies/>",
        "  <Assets>",
    ]
    lines += [f"    <Asset Type={quoteattr(kind)} Path={quoteattr(path)} Addressable=\"true\" />" for kind, path in assets]
    lines += ["  </Assets>", "</PackageManifest>", ""]
    return "\n".join(lines)


def content_types(entries):
    """[Content_Types].xml: a Default for every file extension among `entries`."""
    extensions = sorted({os.path.splitext(entry)[1].lower() for entry in entries} - {""})
    lines = ['<?xml version="1.0" encoding="utf-8"?>',
             '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">']
    for extension in extensions:
        kind = CONTENT_TYPES.get(extension) or mimetypes.guess_type("x" + extension)[0] or "application/octet-stream"
        lines.append(f"  <Default Extension={quoteattr(extension)} ContentType={quoteattr(kind)}/>")
    lines += ["</Types>", ""]
    return "\n".join(lines)


def build(out_dir, source=SOURCE):
    """Writes `<name>-<version>.vsix` for the extension folder `source` into `out_dir`; its path."""
    with open(os.path.join(source, "package.json"), encoding="utf-8") as file:
        manifest = json.load(file)
    contents = {}
    for relative in extension_files(source):
        with open(os.path.join(source, relative), "rb") as file:
            contents["extension/" + relative] = file.read()
    if manifest.get("license") and os.path.exists(LICENSE):
        with open(LICENSE, "rb") as file:
            contents["extension/LICENSE.txt"] = file.read()
    contents["extension.vsixmanifest"] = vsix_manifest(manifest, contents).encode("utf-8")
    contents["[Content_Types].xml"] = content_types(contents).encode("utf-8")
    path = os.path.join(out_dir, f"{manifest['name']}-{manifest['version']}.vsix")
    os.makedirs(out_dir, exist_ok=True)
    first = ["extension.vsixmanifest", "[Content_Types].xml"]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in first + sorted(set(contents) - set(first)):
            info = zipfile.ZipInfo(name, TIMESTAMP)
            info.external_attr = 0o100644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, contents[name])
    return path


def main(arguments):
    parser = argparse.ArgumentParser(description="Builds marbles-<version>.vsix from Editors/vscode.")
    parser.add_argument("-o", "--out-dir", default=".", help="where to write the .vsix (default: here)")
    parser.add_argument("--source", default=SOURCE, help="the extension folder (default: Editors/vscode)")
    options = parser.parse_args(arguments)
    print(build(options.out_dir, options.source))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
