"""The VS Code package: Editors/package-vsix.py builds a .vsix that Editors/tests/check_vsix.py
accepts, the same bytes every time and without what .vscodeignore leaves out; and the check
refuses each way a package can fail `code --install-extension`.

Run: python3 -m pytest -q -p no:cacheprovider Editors/tests/test_vsix.py
"""
import importlib.util
import json
import os
import shutil
import zipfile

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
EDITORS = os.path.dirname(HERE)


def load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


package_vsix = load("package_vsix", os.path.join(EDITORS, "package-vsix.py"))
check_vsix = load("check_vsix", os.path.join(HERE, "check_vsix.py"))


@pytest.fixture
def vsix(tmp_path):
    return package_vsix.build(str(tmp_path / "out"))


def rewrite(path, tmp_path, change):
    """A copy of the package at `path` whose {name: bytes} entries went through `change`."""
    with zipfile.ZipFile(path) as archive:
        entries = {name: archive.read(name) for name in archive.namelist()}
    change(entries)
    out = str(tmp_path / "changed.vsix")
    with zipfile.ZipFile(out, "w") as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    return out


def edit_manifest(edit):
    def change(entries):
        manifest = json.loads(entries["extension/package.json"])
        edit(manifest)
        entries["extension/package.json"] = json.dumps(manifest).encode()
    return change


def test_the_package_installs_and_names_its_version(vsix):
    with open(os.path.join(EDITORS, "vscode", "package.json"), encoding="utf-8") as file:
        manifest = json.load(file)
    assert os.path.basename(vsix) == f"marbles-{manifest['version']}.vsix"
    assert check_vsix.check(vsix, os.path.join(EDITORS, "vscode")) == []
    with zipfile.ZipFile(vsix) as archive:
        names = set(archive.namelist())
    assert {"extension.vsixmanifest", "[Content_Types].xml", "extension/package.json", "extension/README.md",
            "extension/icon.png", "extension/LICENSE.txt", "extension/extension.js",
            "extension/syntaxes/marble.tmLanguage.json"} <= names


def test_the_package_is_the_same_bytes_every_time(vsix, tmp_path):
    again = package_vsix.build(str(tmp_path / "again"))
    with open(vsix, "rb") as first, open(again, "rb") as second:
        assert first.read() == second.read()


def test_vscodeignore_leaves_files_out(tmp_path):
    source = tmp_path / "vscode"
    shutil.copytree(os.path.join(EDITORS, "vscode"), source)
    (source / ".vscode").mkdir()
    (source / ".vscode" / "settings.json").write_text("{}")
    (source / "debug.log").write_text("x")
    (source / "old-0.0.1.vsix").write_text("x")
    path = package_vsix.build(str(tmp_path / "out"), str(source))
    with zipfile.ZipFile(path) as archive:
        names = set(archive.namelist())
    assert "extension/extension.js" in names
    assert not any(".vscode/" in n or n.endswith((".log", ".vsix")) or n.endswith(".vscodeignore") for n in names)
    assert check_vsix.check(path, str(source)) == []


@pytest.mark.parametrize("change, problem", [
    (lambda e: e.pop("extension/package.json"), "extension/package.json is missing"),
    (lambda e: e.pop("extension.vsixmanifest"), "extension.vsixmanifest is missing"),
    (lambda e: e.pop("[Content_Types].xml"), "[Content_Types].xml is missing"),
    (lambda e: e.pop("extension/icon.png"), "the icon icon.png is not in the package"),
    (lambda e: e.pop("extension/README.md"), "extension/README.md is missing"),
    (lambda e: e.update({"package.json": b"{}"}), "package.json is outside extension/"),
    (lambda e: e.update({"extension/package.json": b"{"}), "extension/package.json is not JSON"),
    (edit_manifest(lambda m: m.update(version="0.2.0")), "Identity Version='0.1.0', package.json version='0.2.0'"),
    (edit_manifest(lambda m: m.update(version="1.0")), "version '1.0' is not semver"),
    (edit_manifest(lambda m: m.update(name="Marbles Mode")), "'name' 'Marbles Mode' is not an identifier"),
    (edit_manifest(lambda m: m.pop("publisher")), "'publisher' is mandatory"),
    (edit_manifest(lambda m: m["engines"].update(vscode="*")), "engines.vscode '*' cannot be parsed"),
    (edit_manifest(lambda m: m["engines"].update(vscode="x.x.x")), "is not specific enough"),
    (edit_manifest(lambda m: m.pop("activationEvents")), "'activationEvents' and 'main' must both be given"),
    (edit_manifest(lambda m: m.update(main="./missing.js")), "the main ./missing.js is not in the package"),
    (edit_manifest(lambda m: m.update(icon="icon.svg")), "is an SVG"),
    (lambda e: e.update({"[Content_Types].xml": e["[Content_Types].xml"].replace(b'Extension=".png"', b'Extension=".gif"')}),
     "no content type for extension/icon.png"),
    (lambda e: e.update({"extension.vsixmanifest": e["extension.vsixmanifest"].replace(
        b'Id="Microsoft.VisualStudio.Code"/>', b'Id="Microsoft.VisualStudio.Pro"/>')}),
     "no InstallationTarget Microsoft.VisualStudio.Code"),
    (lambda e: e.update({"extension/icon.png": b"GIF89a"}), "is not a PNG"),
])
def test_the_check_refuses_a_broken_package(vsix, tmp_path, change, problem):
    problems = check_vsix.check(rewrite(vsix, tmp_path, change))
    assert any(problem in p for p in problems), problems
