import Marbles
