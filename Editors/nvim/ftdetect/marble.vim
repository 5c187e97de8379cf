" .marble files are Marbles scripts.
autocmd BufRead,BufNewFile *.marble setfiletype marble
