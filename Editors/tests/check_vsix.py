#!/usr/bin/env python3
"""Checks a .vsix against what `code --install-extension FILE.vsix` and vsce require.

VS Code installs a .vsix by reading `extension/package.json` from the zip, validating it
(validateExtensionManifest: `name`, `version` and `engines.vscode` strings, `publisher` a string,
`activationEvents` a string array that needs `main`, `main` inside the extension, a semver
`version`, an `engines.vscode` range it can parse whose major is fixed) and extracting the
`extension/` folder. vsce, which the Marketplace and `code` expect packages from, adds: the
publisher and name are identifiers (`[a-z0-9][a-z0-9-]*`), the icon is a PNG that is in the
package, no two entries differ only in case, `extension.vsixmanifest` (PackageManifest 2.0.0)
names the same identity and engine, targets Microsoft.VisualStudio.Code and lists the manifest
asset, and `[Content_Types].xml` gives a type to every file extension in the zip.

This checks all of those, that every file package.json points at (main, language
configurations, grammars, icon) is in the package, and, with --source, that each packaged file
has the bytes of its source.

Usage: check_vsix.py FILE.vsix [--source Editors/vscode]   (exit 1 with the problems)
"""
import json
import os
import re
import sys
import zipfile
import xml.etree.ElementTree as ElementTree

VSX = "{http://schemas.microsoft.com/developer/vsx-schema/2011}"
OPC = "{http://schemas.openxmlformats.org/package/2006/content-types}"
IDENTIFIER = re.compile(r"^[a-z0-9][a-z0-9\-]*$", re.IGNORECASE)
SEMVER = re.compile(r"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$")
# VS Code's parseVersion: an optional ^ or >=, then major.minor.patch where each may be x.
ENGINE = re.compile(r"^(\^|>=)?((\d+)|x)\.((\d+)|x)\.((\d+)|x)(-.*)?$")


def engine_problem(engine):
    """Why VS Code would refuse `engines.vscode` for an extension with code, or None."""
    if not isinstance(engine, str):
        return "engines.vscode must be a string"
    match = ENGINE.match(engine.strip())
    if not match:
        return f"engines.vscode {engine!r} cannot be parsed (use e.g. ^1.75.0)"
    major, minor = match.group(3), match.group(5)
    if major is None or major == "0" and minor is None:
        return f"engines.vscode {engine!r} is not specific enough (fix at least the major version)"
    return None


def manifest_problems(manifest, entries):
    """VS Code's and vsce's checks of extension/package.json."""
    problems = []
    for field in ("name", "version", "publisher"):
        if not isinstance(manifest.get(field), str):
            problems.append(f"package.json: '{field}' is mandatory and must be a string")
    if problems:
        return problems
    for field in ("name", "publisher"):
        if not IDENTIFIER.match(manifest[field]):
            problems.append(f"package.json: '{field}' {manifest[field]!r} is not an identifier ([a-z0-9][a-z0-9-]*)")
    if not SEMVER.match(manifest["version"]):
        problems.append(f"package.json: version {manifest['version']!r} is not semver")
    engines = manifest.get("engines")
    if not isinstance(engines, dict):
        problems.append("package.json: 'engines' is mandatory and must be an object")
    else:
        problem = engine_problem(engines.get("vscode"))
        if problem:
            problems.append("package.json: " + problem)
    events = manifest.get("activationEvents")
    if events is not None and not (isinstance(events, list) and all(isinstance(e, str) for e in events)):
        problems.append("package.json: 'activationEvents' must be an array of strings")
    if (events is None) != ("main" not in manifest and "browser" not in manifest):
        problems.append("package.json: 'activationEvents' and 'main' must both be given or both be left out")
    referenced = []
    if "main" in manifest:
        main = manifest["main"]
        if not isinstance(main, str):
            problems.append("package.json: 'main' must be a string")
        else:
            referenced.append(("main", main if os.path.splitext(main)[1] else main + ".js"))
    contributes = manifest.get("contributes", {})
    for language in contributes.get("languages", []):
        if "configuration" in language:
            referenced.append((f"language {language.get('id')} configuration", language["configuration"]))
    for grammar in contributes.get("grammars", []):
        referenced.append((f"grammar {grammar.get('scopeName')}", grammar.get("path", "")))
    icon = manifest.get("icon")
    if icon:
        if icon.lower().endswith(".svg"):
            problems.append(f"package.json: the icon {icon} is an SVG; VS Code's gallery takes PNG icons")
        referenced.append(("icon", icon))
    for what, path in referenced:
        entry = "extension/" + os.path.normpath(path).replace(os.sep, "/")
        if entry.startswith("extension/../") or entry not in entries:
            problems.append(f"package.json: the {what} {path} is not in the package ({entry})")
    return problems


def vsixmanifest_problems(text, manifest, entries):
    """extension.vsixmanifest: schema 2.0.0, the same identity and engine, the assets present."""
    problems = []
    try:
        root = ElementTree.fromstring(text)
    except ElementTree.ParseError as error:
        return [f"extension.vsixmanifest is not XML: {error}"]
    if root.tag != VSX + "PackageManifest" or root.get("Version") != "2.0.0":
        return ["extension.vsixmanifest: the root must be PackageManifest Version=\"2.0.0\" in the vsx-schema/2011 namespace"]
    identity = root.find(f"{VSX}Metadata/{VSX}Identity")
    if identity is None:
        return ["extension.vsixmanifest: Metadata/Identity is missing"]
    for attribute, field in (("Id", "name"), ("Version", "version"), ("Publisher", "publisher")):
        if identity.get(attribute) != manifest.get(field):
            problems.append(f"extension.vsixmanifest: Identity {attribute}={identity.get(attribute)!r}, "
                            f"package.json {field}={manifest.get(field)!r}")
    if not identity.get("Language"):
        problems.append("extension.vsixmanifest: Identity has no Language")
    if root.find(f"{VSX}Metadata/{VSX}DisplayName") is None:
        problems.append("extension.vsixmanifest: Metadata/DisplayName is missing")
    properties = {p.get("Id"): p.get("Value") for p in root.iter(VSX + "Property")}
    engine = manifest.get("engines", {}).get("vscode")
    if properties.get("Microsoft.VisualStudio.Code.Engine") != engine:
        problems.append(f"extension.vsixmanifest: the Code.Engine property is "
                        f"{properties.get('Microsoft.VisualStudio.Code.Engine')!r}, package.json says {engine!r}")
    targets = [t.get("Id") for t in root.iter(VSX + "InstallationTarget")]
    if "Microsoft.VisualStudio.Code" not in targets:
        problems.append("extension.vsixmanifest: no InstallationTarget Microsoft.VisualStudio.Code")
    assets = {a.get("Type"): a.get("Path") for a in root.iter(VSX + "Asset")}
    if assets.get("Microsoft.VisualStudio.Code.Manifest") != "extension/package.json":
        problems.append("extension.vsixmanifest: the Microsoft.VisualStudio.Code.Manifest asset must be extension/package.json")
    for kind, path in assets.items():
        if path not in entries:
            problems.append(f"extension.vsixmanifest: the asset {kind} names {path}, which is not in the package")
    icon = manifest.get("icon")
    if icon and assets.get("Microsoft.VisualStudio.Services.Icons.Default") != "extension/" + icon:
        problems.append("extension.vsixmanifest: the icon is not the Icons.Default asset")
    for tag in ("License", "Icon"):
        element = root.find(f"{VSX}Metadata/{VSX}{tag}")
        if element is not None and element.text not in entries:
            problems.append(f"extension.vsixmanifest: {tag} names {element.text}, which is not in the package")
    if manifest.get("license") and root.find(f"{VSX}Metadata/{VSX}License") is None:
        problems.append(f"extension.vsixmanifest: package.json names the license {manifest['license']}, "
                        "but the package has no License")
    return problems


def content_type_problems(text, entries):
    try:
        root = ElementTree.fromstring(text)
    except ElementTree.ParseError as error:
        return [f"[Content_Types].xml is not XML: {error}"]
    if root.tag != OPC + "Types":
        return ["[Content_Types].xml: the root must be Types in the OPC content-types namespace"]
    typed = {d.get("Extension", "").lower().lstrip(".") for d in root.iter(OPC + "Default")
             if d.get("ContentType")}
    overrides = {o.get("PartName", "").lstrip("/") for o in root.iter(OPC + "Override")}
    problems = []
    for entry in entries:
        extension = os.path.splitext(entry)[1].lower().lstrip(".")
        if entry != "[Content_Types].xml" and extension not in typed and entry not in overrides:
            problems.append(f"[Content_Types].xml: no content type for {entry}")
    return problems


def check(path, source=None):
    """The problems of the .vsix at `path` (empty when it installs)."""
    try:
        archive = zipfile.ZipFile(path)
    except (OSError, zipfile.BadZipFile) as error:
        return [f"{path} is not a zip: {error}"]
    with archive:
        names = [info.filename for info in archive.infolist()]
        entries = set(names)
        problems = []
        for name in names:
            if name.startswith("/") or "\\" in name or ".." in name.split("/"):
                problems.append(f"the entry {name!r} escapes the package")
        lowered = [name.lower() for name in names]
        problems += [f"two entries differ only in case: {name}" for name in sorted(set(lowered))
                     if lowered.count(name) > 1]
        for required in ("extension.vsixmanifest", "[Content_Types].xml", "extension/package.json"):
            if required not in entries:
                problems.append(f"{required} is missing")
        outside = [n for n in names if n not in ("extension.vsixmanifest", "[Content_Types].xml")
                   and not n.startswith("extension/")]
        problems += [f"{name} is outside extension/ (VS Code installs only extension/)" for name in outside]
        if problems:
            return problems
        try:
            manifest = json.loads(archive.read("extension/package.json").decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            return [f"extension/package.json is not JSON: {error}"]
        problems += manifest_problems(manifest, entries)
        problems += vsixmanifest_problems(archive.read("extension.vsixmanifest"), manifest, entries)
        problems += content_type_problems(archive.read("[Content_Types].xml"), entries)
        icon = manifest.get("icon")
        if icon and "extension/" + icon in entries and not archive.read("extension/" + icon).startswith(b"\x89PNG\r\n\x1a\n"):
            problems.append(f"the icon extension/{icon} is not a PNG")
        if "extension/README.md" not in entries:
            problems.append("extension/README.md is missing (the Details page of the extension)")
        if source:
            for name in names:
                relative = name[len("extension/"):]
                local = os.path.join(source, relative)
                if name.startswith("extension/") and os.path.exists(local):
                    with open(local, "rb") as file:
                        if file.read() != archive.read(name):
                            problems.append(f"{name} differs from {local}")
            for folder, _, files in os.walk(source):
                for file in files:
                    relative = os.path.relpath(os.path.join(folder, file), source).replace(os.sep, "/")
                    if relative in ("package.json", "extension.js", "README.md") and "extension/" + relative not in entries:
                        problems.append(f"{relative} of {source} is not packaged")
        return problems


def main(arguments):
    source = None
    if "--source" in arguments:
        index = arguments.index("--source")
        source = arguments[index + 1]
        arguments = arguments[:index] + arguments[index + 2:]
    if len(arguments) != 1:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    problems = check(arguments[0], source)
    for problem in problems:
        print(f"check_vsix: {problem}", file=sys.stderr)
    if problems:
        return 1
    with zipfile.ZipFile(arguments[0]) as archive:
        count = len(archive.namelist())
    print(f"check_vsix: {os.path.basename(arguments[0])} installs: {count} entries, manifest and layout as "
          "`code --install-extension` and vsce require")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
